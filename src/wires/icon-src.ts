/**
 * Which image URLs the kit draws as a tool icon: `https:` (not an `.svg` path) and raster `data:image`
 * URLs (PNG, JPEG, GIF, WebP, AVIF; base64). Never SVG (MCP's spec: an SVG "can contain executable
 * JavaScript"), never `http:`, `javascript:`, `blob:` or a relative URL. Checked where the icon is chosen
 * (`mcpIconSrc`) and again where it is drawn (`ToolStepIcon`), so a `presentation.icon` from any wire
 * passes the same gate.
 */

const RASTER = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]+$/i;
/** A data URL longer than this is not an icon (MCP icons are a few kB); nor is a longer `https:` URL. */
const MAX_DATA = 100_000;
const MAX_URL = 4096;

/** Whether `src` is an image URL the kit may draw as an icon (see the module comment). */
export function isIconSrc(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  if (/^data:/i.test(src)) return src.length <= MAX_DATA && RASTER.test(src);
  if (src.length > MAX_URL || !/^https:\/\//i.test(src)) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname !== '' && !/\.svgz?$/i.test(url.pathname);
  } catch {
    return false;
  }
}
