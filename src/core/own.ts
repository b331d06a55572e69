/**
 * Sets an own, enumerable property. Keys that come from a wire (a call id, a JSON Patch segment, a key
 * of the arguments) may be `"__proto__"`: a plain assignment of it to a fresh object replaces that
 * object's prototype instead of adding the key.
 */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
