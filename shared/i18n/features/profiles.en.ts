/** English UI text of the profiles feature; merged into the catalog by messages-en.ts. */
export const profilesEn = {} as const;
