export const PRODUCT_NAME = 'Leadline';
export const PARENT_CREDIT = 'by the Leadline open-source project';
/** The forgot-password link goes to an external contact page. */
export const CONTACT_URL = 'mailto:support@leadline.example?subject=Leadline%20password%20reset';
export const LOGO_SRC = '/logo.svg';
/** Mobile breakpoint: 768 px or less (seed 1 §9); 48em = 768 px. */
export const MOBILE_QUERY = '(max-width: 48em)';
