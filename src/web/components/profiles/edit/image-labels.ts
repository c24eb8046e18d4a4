// What a profile's own pictures are called on the editors and in their answers.
export const PERSON_IMAGES = { thumbnail: 'Portrait', cover: 'Cover image' } as const;
export const ORGANISATION_IMAGES = { thumbnail: 'Logo', cover: 'Cover image' } as const;
