/**
 * The public pages whose path carries an id (spec section 2), capturing it: the server builds
 * their Open Graph head (server/plugins/page-head.ts) and renders them with their data
 * (web/entry-server.tsx) from the same patterns.
 */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const PRODUCT_PAGE = new RegExp(`^/product/(${UUID})/?$`);
export const HOUSEHOLD_PAGE = new RegExp(`^/household/(${UUID})/?$`);
