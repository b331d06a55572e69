// dist/styles.css as the build makes it (styles.css with renderers.css inlined), put in and taken out of
// the page, so one browser test runs the same rows with and without the stylesheet.
import rendererSource from '../../src/renderers/renderers.css?raw';
import themeSource from '../../src/styles.css?raw';

export const kitCss = themeSource.replace(/^@import\s+['"]\.\/renderers\/renderers\.css['"];[^\n]*$/m, rendererSource);

/** Adds the kit's stylesheet to the page (or nothing when `styled` is false); returns the remover. */
export function useKitCss(styled: boolean): () => void {
  if (!styled) return () => {};
  const style = document.createElement('style');
  style.dataset.kit = '';
  style.textContent = kitCss;
  document.head.append(style);
  return () => style.remove();
}
