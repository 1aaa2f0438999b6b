/** The industries' list page: the header's link there opens the industries menu. */
export const INDUSTRIES_PATH = "/industries";

export const industryPath = (id: string) => `${INDUSTRIES_PATH}/${id}`;
