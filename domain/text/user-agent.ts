/**
 * A User-Agent reduced to what the list of active sessions shows: browser, system and kind of
 * device. Only the families people recognise; anything else is left null rather than guessed.
 * (A parser library was tried and dropped: the list needs a dozen families, not a device database.)
 */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  platform: "desktop" | "mobile" | "tablet" | null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)(?:\.\d+)*.*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/(?:iPhone|iPad|iPod).*? OS (\d+)(?:_(\d+))?/, (m) => `iOS ${m[1]}${m[2] ? `.${m[2]}` : ""}`],
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/Windows NT 10\.0/, () => "Windows"],
  [/Windows NT (\d+\.\d+)/, () => "Windows"],
  [/CrOS/, () => "ChromeOS"],
  [/Mac OS X/, () => "macOS"],
  [/Linux/, () => "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, platform: null };
  const browserMatch = BROWSERS.map(([re, name]) => [userAgent.match(re), name] as const).find(([m]) => m);
  const systemMatch = SYSTEMS.map(([re, name]) => [userAgent.match(re), name] as const).find(([m]) => m);
  const browser = browserMatch ? `${browserMatch[1]} ${browserMatch[0]![1]}` : null;
  const os = systemMatch ? systemMatch[1](systemMatch[0]!) : null;
  let platform: DeviceDescription["platform"] = null;
  if (/iPad|Tablet/.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent))) platform = "tablet";
  else if (/Mobi|iPhone|iPod/.test(userAgent)) platform = "mobile";
  else if (os) platform = "desktop";
  return { browser, os, platform };
}
