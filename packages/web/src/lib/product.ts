/** Product constants shown in the UI and used in storage key names (spec §2 Footer, §3). */
export const PRODUCT = 'cipherspace';
export const PRODUCT_NAME = 'Cipherspace';
export const CONTACT_EMAIL = 'contact@cipherspace.app';
