import jsQR from "jsqr";
import { describe, expect, it } from "vitest";

import { PASSWORD, signedInOwner } from "../support/dashboard";

/** The QR code's modules from its SVG path (`M<x> <y>h<run>v1H<x>z` per run of dark modules), and its side. */
function modulesOf(svg: string): { dark: Set<string>; side: number; quiet: number } {
  const viewBox = /viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/.exec(svg)!;
  const quiet = -Number(viewBox[1]);
  const dark = new Set<string>();
  const path = /<path d="([^"]*)"/.exec(svg)![1]!;
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1H\d+z/g))
    for (let n = 0; n < Number(run); n++) dark.add(`${Number(x) + n},${y}`);
  return { dark, side: Number(viewBox[3]), quiet };
}

/** The drawing as a camera would see it: each module a 4×4 block of black or white pixels, quiet zone included. */
function pixelsOf({ dark, side, quiet }: ReturnType<typeof modulesOf>, scale = 4) {
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++)
    for (let px = 0; px < width; px++) {
      const module = `${Math.floor(px / scale) - quiet},${Math.floor(py / scale) - quiet}`;
      if (dark.has(module)) pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  return { pixels, width };
}

describe("two-step sign-in's setup", () => {
  it("shows a QR code, drawn on the server, that a reader decodes to the otpauth:// link shown beside it", async () => {
    const { browser } = await signedInOwner("Scan Me Bakery");
    await browser.open("/dashboard/security");
    const started = await browser.post("/dashboard/security/two-factor", { password: PASSWORD });
    expect(started.status).toBe(200);
    const html = await started.text();
    const svg = /<svg id="totp-qr"[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(svg).toBeDefined();
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/aria-label="QR code of the otpauth:\/\/ link below/);
    const uri = /id="totp-uri"[^>]*value="([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);

    const { pixels, width } = pixelsOf(modulesOf(svg!));
    expect(jsQR(pixels, width, width)?.data).toBe(uri);
  });
});
