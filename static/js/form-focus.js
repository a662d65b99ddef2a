/*
 * Forms with the on-screen keyboard up (a 360×640 phone leaves about
 * 360×340): when a field of a form.form or [data-keep-submit] form takes the focus,
 * and again when the keyboard resizes the visual viewport, the page scrolls so that
 * the form's submit button is in view and then the field itself, so both show when
 * they fit and the field wins when they do not. Nothing is fixed over them.
 *
 * A form sent back with errors: Django marks each such field aria-invalid, and the
 * first one takes the focus with its error in view; a phone would otherwise show the
 * page's top and leave the message a screen or two below. An error of the whole form
 * (no field marked) is scrolled to.
 */
const FORMS = "form.form, form[data-keep-submit]";
const FIELDS = "input:not([type=hidden]), select, textarea";

function keepInView(field) {
  const form = field.closest(FORMS);
  const submit = form?.querySelector('button[type="submit"], input[type="submit"]');
  if (!submit) return;
  submit.scrollIntoView({ block: "nearest", behavior: "instant" });
  field.scrollIntoView({ block: "nearest", behavior: "instant" });
}

document.addEventListener("focusin", (event) => {
  if (event.target.matches(FIELDS)) keepInView(event.target);
});

if (window.visualViewport) {
  window.visualViewport.addEventListener("resize", () => {
    const field = document.activeElement;
    if (field?.matches(FIELDS)) keepInView(field);
  });
}

function showFirstError() {
  const field = document.querySelector(`:is(${FORMS}) [aria-invalid="true"]`);
  field?.focus();
  const error = (field?.parentElement ?? document).querySelector(`:is(${FORMS}) .errorlist`);
  error?.scrollIntoView({ block: "nearest", behavior: "instant" });
}

showFirstError();
