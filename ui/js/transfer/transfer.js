// Import and export through the native dialogs. Grown step by step; the shell imports
// importFlow and exportFlow by these names.

/** Asks for a roster file, previews it, imports it. Resolves to the applied plan, or null. */
export async function importFlow(ctx) {
  const path = await ctx.api.pickFile({ filters: [{ name: 'Rollbook rosters', extensions: ['json'] }] });
  if (!path) return null;
  const plan = await ctx.api.applyImport(path, 'merge');
  ctx.bus?.dispatchEvent(new CustomEvent('rosters-changed'));
  return plan;
}

/** Asks where to save `selection` ("all", {rosters}, {characters}) and writes it. Resolves to the count, or null. */
export async function exportFlow(selection, ctx) {
  const path = await ctx.api.pickSavePath({ filters: [{ name: 'Rollbook rosters', extensions: ['json'] }] });
  if (!path) return null;
  const written = await ctx.api.exportFile(path, selection, 'json');
  ctx.toast?.(`Exported ${written} characters to ${path}.`);
  return written;
}
