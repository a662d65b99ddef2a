/*
 * The page's words for its scripts: every text a script shows comes from a data-t-*
 * attribute that the template translated (Django i18n), with {name} placeholders;
 * this module only fills them in. The one translation helper of static/js.
 */

/* t(name, values) of `root`: its data-t-<name> text (camelCased by the dataset), {placeholders} filled. */
export function wordsOf(root) {
  return function t(name, values = {}) {
    const key = `t${name.replace(/(^|-)([a-z])/g, (_, _dash, ch) => ch.toUpperCase())}`;
    const text = root.dataset[key] || "";
    return text.replace(/\{(\w+)\}/g, (whole, field) =>
      field in values ? String(values[field]) : whole,
    );
  };
}
