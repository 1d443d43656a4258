// The error pages' texts (spec 000 §2), apart from the pages so the plain fallbacks that stand in for them while
// they load need no antd.
export const ERROR_TEXTS = {
  notFound: 'Sorry, the page you visited does not exist.',
  forbidden: 'Sorry, you are not authorized to access this page.',
  wrong: 'Something Went Wrong',
} as const;

// not in spec: the tab titles of the error pages and the public 404's way to the login page
export const ERROR_PAGE_TITLES = { notFound: 'Page Not Found', forbidden: 'Not Authorized', wrong: ERROR_TEXTS.wrong } as const;
export const TO_LOGIN = 'Go to Login';
