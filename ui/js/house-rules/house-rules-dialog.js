// The house rules dialog: stunt levels and the chart. Grown step by step; the shell imports
// editHouseRules by this name.

/** Lets the GM edit `roster`'s house rules. Resolves to the saved roster, or null if cancelled. */
export async function editHouseRules(_roster, _ctx) {
  return null;
}
