// The page's look on a widget root: contrast, grain, colour temperature and suit colours. Part of
// the page's shared module (see dom.js).

/**
 * The look the Settings bar sends to every widget (cardavia_nb/ui/settings.py).
 * @typedef {{lang?: string, contrast?: number, grain?: number, temperature?: number, suits?: "two"|"four"}} Look
 */

/** A subtle film-grain texture as a data URL (SVG fractal noise drawn by our code). */
export function grainURL() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="3" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.45  0 0 0 0 0.4  0 0 0 .9 0"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>`;
  return `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")`;
}

/** Apply the shared look to a `.cardavia` root: contrast, grain, temperature (0-100, 50 neutral), suits.
 * Contrast moves the felt's shade and the cards' own contrast only (never text: every text keeps
 * 4.5:1, see tests/browser/test_look.py); grain and tint are drawn under the text (cardavia.css). */
export function applyLook(el, look) {
  const contrast = (look?.contrast ?? 50) / 100;
  const grain = look?.grain ?? 50;
  const temp = look?.temperature ?? 50;
  const shade = (low, high) => `rgb(${low.map((x, i) => Math.round(x + (high[i] - x) * contrast)).join(" ")})`;
  el.style.setProperty("--cv-felt", shade([44, 110, 83], [22, 78, 56]));
  el.style.setProperty("--cv-felt-dark", shade([33, 88, 66], [10, 44, 31]));
  el.style.setProperty("--cv-contrast", String(0.9 + contrast / 5));
  el.style.setProperty("--cv-grain", String((grain / 100) * 0.35));
  el.style.setProperty("--cv-warm", String(Math.max(0, temp - 50) / 50 * 0.22));
  el.style.setProperty("--cv-cool", String(Math.max(0, 50 - temp) / 50 * 0.22));
  el.style.setProperty("--cv-grain-image", grainURL());
  el.toggleAttribute("data-cv-contrast", contrast !== 0.5);  // cardavia.css: no filter at the neutral setting
  el.toggleAttribute("data-cv-tint", temp !== 50);  // nor a tint layer
  el.dataset.suits = look?.suits === "four" ? "four" : "two";
  if (look?.lang) el.setAttribute("lang", look.lang);
}
