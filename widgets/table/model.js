// What every part of the table reads from its model, and the one way to send it an intent. The first part
// of the table's module: ui/table/widget.py joins table/model.js, table/felt.js, review/review.js and
// table/table.js, in that order, and each part uses only the names of the parts before it (a later part's
// function reaches an earlier one as a callback on the table's UI state, such as `ui.recordTools`).
// The model's traits are typed in table.js (`TableTraits`), the review's in review/review.js (`ReviewTrait`).

/** A catalog text with its `{name}` placeholders filled from `values` (unknown names left as they are). */
function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

const texts = (ui) => ui.model.get("texts") || {};
const frameOf = (ui) => ui.model.get("frame") || {};
const reviewOf = (ui) => ui.model.get("review") || {};
const send = (ui, intent) => ui.model.send(intent);

/** Whether the replay takes the felt now. */
const replaying = (ui) => !!(reviewOf(ui).open && reviewOf(ui).replay);
