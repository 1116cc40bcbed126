/**
 * An SVG QR code of `text`, drawn on the server (no script or image request needed, so it shows
 * with JavaScript off and under the content security policy).
 */
export async function qrCodeSvg(text: string): Promise<string> {
  // Loaded when a two-factor setup first shows its code, not at start (ADR 0029).
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#0f172a", light: "#ffffff" } });
}
