// @ts-check
/**
 * The product's images: one per service and front end, each built from the repository root with the Dockerfile
 * next to its code (same pattern for all; see README "Container images"), plus the data image.
 */

/**
 * @typedef {object} ServiceComponent
 * @property {'service'} kind
 * @property {string} dir          the workspace folder (its Dockerfile is there)
 * @property {string} [prefix]     prefix of its gRPC and health port variables (gRPC services)
 * @property {number} [grpcPort]   default gRPC port
 * @property {number} [healthPort] default HTTP /healthz and /readyz port
 * @property {number} [httpPort]   default HTTP port (gateway, identity)
 *
 * @typedef {object} WebComponent
 * @property {'web'} kind
 * @property {string} dir          the front end's folder (its Dockerfile is there); served by frontends/server
 * @property {'shell' | 'remote'} app
 *
 * @typedef {ServiceComponent | WebComponent} Component
 */

/** @type {Record<string, Component>} */
export const components = {
  gateway: { kind: 'service', dir: 'services/gateway', httpPort: 8080 },
  property: { kind: 'service', dir: 'services/property', prefix: 'PROPERTY', grpcPort: 50051, healthPort: 8091 },
  valuation: { kind: 'service', dir: 'services/valuation', prefix: 'VALUATION', grpcPort: 50052, healthPort: 8092 },
  media: { kind: 'service', dir: 'services/media', prefix: 'MEDIA', grpcPort: 50053, healthPort: 8093 },
  ai: { kind: 'service', dir: 'services/ai', prefix: 'AI', grpcPort: 50054, healthPort: 8094 },
  neighborhood: { kind: 'service', dir: 'services/neighborhood', prefix: 'NEIGHBORHOOD', grpcPort: 50055, healthPort: 8095 },
  identity: { kind: 'service', dir: 'services/identity', httpPort: 8081 },
  shell: { kind: 'web', dir: 'frontends/shell', app: 'shell' },
  wizard: { kind: 'web', dir: 'frontends/wizard', app: 'remote' },
  dashboard: { kind: 'web', dir: 'frontends/dashboard', app: 'remote' },
  listing: { kind: 'web', dir: 'frontends/listing', app: 'remote' },
};

/** The workspace whose production dependencies and built output make up a component's runtime. */
export const webServerWorkspace = 'frontends/server';

/** @param {string} name */
export const imageName = (name) => `hsa-${name}`;
export const dataImage = 'hsa-data';
