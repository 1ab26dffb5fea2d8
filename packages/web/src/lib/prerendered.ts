/**
 * The prerendered sign-in page (dist/login.html) is static HTML that the app replaces once its
 * code has loaded. Its inputs are remembered here before that happens, so what a person typed
 * into them carries over into the live form.
 */
let inputs: HTMLInputElement[] = [];

export const rememberPrerenderedInputs = (container: HTMLElement) => {
  inputs = Array.from(container.querySelectorAll('input'));
};

/** What was typed into the prerendered input of that name ('' when nothing). */
export const prerenderedValue = (name: string): string => {
  const input = inputs.find((element) => element.name === name);
  return input && input.type !== 'checkbox' ? input.value : '';
};
