/**
 * The spec's alternative field names, accepted from browsers at this boundary and nowhere past it: the client form
 * holds coordinates as {lat, lng} (spec: "converts them to latitude/longitude when sending"), so a body that sends
 * them so is read as {latitude, longitude}. The contract's own names win when both are present. Every service, and
 * every answer, uses the contract's names only.
 */
export function withContractNames(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.coordinates)) return body;
  const { lat, lng, lon, ...rest } = body.coordinates;
  const latitude = rest.latitude ?? lat;
  const longitude = rest.longitude ?? lng ?? lon;
  return { ...body, coordinates: { ...rest, ...(latitude !== undefined ? { latitude } : {}), ...(longitude !== undefined ? { longitude } : {}) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
