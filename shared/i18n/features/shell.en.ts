/** English UI text of the shell feature; merged into the catalog by messages-en.ts. */
export const shellEn = {} as const;
