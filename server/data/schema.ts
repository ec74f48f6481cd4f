/** The database schema: one table per entity of spec section 3, the same for PGlite and PostgreSQL, in five files. */
export * from './schema/members';
export * from './schema/learning';
export * from './schema/content';
export * from './schema/community';
export * from './schema/staff';
export * from './schema/newsletter';
export * from './schema/cpd';
export * from './schema/authoring';
export * from './schema/push';
