import { warnOnce } from '../core/warn';

/**
 * Which of a list's disclosures are open, by key (a step id, a group id), the way Radix Accordion's
 * `value` is a list of open items: the host's array when controlled, else what the person chose. The
 * list holds it, so an item that unmounts (windowed away, moved into a group) comes back as it was,
 * and each item subscribes to its own key, so a toggle re-renders that item only.
 */
export class OpenKeys {
  /** The host's array as given, and its string keys, when controlled. */
  private given: readonly string[] | undefined;
  private value: readonly string[] | undefined;
  private valueSet: ReadonlySet<string> | undefined;
  /** The person's choices, uncontrolled: a key never chosen follows its item's default. */
  private readonly chosen = new Map<string, boolean>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Told the open keys after each choice (the host's `on…Change`, set by the list). */
  onChange: ((keys: string[]) => void) | undefined;

  /** `name` is the prop, for the warning about a value that is not an array. */
  constructor(
    value: readonly string[] | undefined,
    defaultValue: readonly string[] | undefined,
    private readonly name: string,
  ) {
    for (const key of this.keysOf(defaultValue)) this.chosen.set(key, true);
    this.setValue(value);
  }

  /** Open or closed when controlled or chosen; `undefined` when the item's own default applies. */
  get(key: string): boolean | undefined {
    return this.valueSet ? this.valueSet.has(key) : this.chosen.get(key);
  }

  /**
   * The person opens or closes `key`: kept when uncontrolled (controlled, the host's array decides),
   * and reported with every key open after it: the host's array in its order when controlled, else
   * `known` in order, each open by choice or else by `fallback`, then the chosen keys `known` lacks.
   */
  set(key: string, open: boolean, known?: () => readonly string[], fallback?: (key: string) => boolean): void {
    const value = this.value;
    if (value === undefined && this.chosen.get(key) !== open) {
      this.chosen.set(key, open);
      this.notify(key);
    }
    if (!this.onChange) return;
    if (value !== undefined) {
      this.onChange(open ? (value.includes(key) ? [...value] : [...value, key]) : value.filter((each) => each !== key));
      return;
    }
    const keys = known?.() ?? [];
    const seen = new Set(keys);
    const openNow = keys.filter((each) => this.chosen.get(each) ?? fallback?.(each) ?? false);
    for (const [each, isOpen] of this.chosen) if (isOpen && !seen.has(each)) openNow.push(each);
    this.onChange(openNow);
  }

  /** The host's array (`undefined`: uncontrolled); the keys whose state changed are told. */
  setValue(value: readonly string[] | undefined): void {
    if (value === this.given) return;
    this.given = value;
    const before = this.valueSet;
    this.value = value === undefined ? undefined : [...this.keysOf(value)];
    this.valueSet = this.value === undefined ? undefined : new Set(this.value);
    const after = this.valueSet;
    if (before === undefined || after === undefined) {
      // into or out of control: every item reads again
      for (const key of [...this.listeners.keys()]) this.notify(key);
      return;
    }
    for (const key of before) if (!after.has(key)) this.notify(key);
    for (const key of after) if (!before.has(key)) this.notify(key);
  }

  /** Subscribes to one key. */
  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** The string keys of a host's array; anything else is left out (a non-array warns once). */
  private keysOf(value: readonly string[] | undefined): readonly string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      warnOnce(`\`${this.name}\` is not an array of ids; it is read as an empty one`);
      return [];
    }
    return value.filter((key): key is string => typeof key === 'string');
  }

  private notify(key: string): void {
    const set = this.listeners.get(key);
    if (set) for (const listener of [...set]) listener();
  }
}
