export { createIdentityServer, type IdentityServer, type IdentityServerOptions, type IdentityClient } from './server';
export { loadIdentityConfig, productionRefusal, serverOptionsFrom, type IdentityConfig } from './config';
