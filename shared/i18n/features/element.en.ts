/** English UI text of the element feature; merged into the catalog by messages-en.ts. */
export const elementEn = {} as const;
