// Page setup: the stylesheet arrives once per page, on the hub (the page's Settings model), and
// the shared module's one object of exports. The last part of the page's shared module (see dom.js).

/** Put the shared stylesheet in the document once, then return this module. */
export function ready(hub) {
  if (!document.querySelector("style[data-cardavia]")) {
    document.head.append(h("style", { "data-cardavia": "1", text: hub.get("_shared_css") }));
  }
  return api;
}

const api = { h, saveFile, roving, keyOf, cardSVG, backSVG, cornerText, cardLabel, cardElement, grainURL, applyLook, ready, renderPanel, renderFan, noticeLine, tellOrigin };
