/** The build this page runs (its entry file's address changes with every build). */
const THIS_BUILD = import.meta.url;
const RELOADED_FROM = 'leadline:reloaded-from-build';

/**
 * After an upgrade, a page opened on the old build asks for code files that are gone: Vite then
 * fires `vite:preloadError`. The page loads again once, from the server's new build, at the
 * address being opened (`pendingHref`, when a navigation is under way) or the current one.
 * Should that give the same build again (the files are missing for another reason), it does not
 * load again, so it never loops: the error shows as usual.
 */
export const reloadOnNewBuild = (
  pendingHref: () => string | undefined,
  target: Window = window,
) => {
  target.addEventListener('vite:preloadError', (event) => {
    const storage = target.sessionStorage;
    if (storage.getItem(RELOADED_FROM) === THIS_BUILD) return;
    storage.setItem(RELOADED_FROM, THIS_BUILD);
    event.preventDefault();
    const href = pendingHref();
    if (href === undefined) target.location.reload();
    else target.location.assign(href);
  });
};
