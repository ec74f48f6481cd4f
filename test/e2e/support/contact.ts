/** The e2e server runs with its own contact email (CONTACT_EMAIL), so pages are seen to follow the settings. */
export const E2E_CONTACT_EMAIL = 'team@sustainlearn.example';
