/** English UI text of the navigator feature; merged into the catalog by messages-en.ts. */
export const navigatorEn = {} as const;
