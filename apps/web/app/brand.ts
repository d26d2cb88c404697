/** The service's name and one-line pitch, shown in the header, titles and footer. */
export const SERVICE_NAME = 'Koma';
export const SERVICE_TAGLINE = 'Manga, one chapter at a time';
