export const PRODUCT_NAME = 'Leadline';
export const PARENT_CREDIT = 'by the Leadline open-source project';
export const LOGO_SRC = '/logo.svg';
/** Mobile breakpoint: 768 px or less; 48em = 768 px. */
export const MOBILE_QUERY = '(max-width: 48em)';
