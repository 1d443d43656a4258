// Page titles and the login/reset modal width of spec 000 §2 and §9.
export const APP_NAME = 'Loyalty Management System';
export const SHELL_MODAL_WIDTH = 620;

export const pageTitle = (page: string): string => `${page} | ${APP_NAME}`;
