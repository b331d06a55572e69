/** Each built entry (`dist/<name>.js`) and the source module it is built from, relative to the repository. */
export declare const entries: Readonly<Record<string, string>>;
/** One Vite alias for every subpath of package.json's `exports` that points into `dist/`, to its source. */
export declare function sourceAliases(root: string): { find: RegExp; replacement: string }[];
