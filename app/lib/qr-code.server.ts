import QRCode from "qrcode";

/**
 * An SVG QR code of `text`, drawn on the server (no script or image request needed, so it shows
 * with JavaScript off and under the content security policy).
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#0f172a", light: "#ffffff" } });
}
