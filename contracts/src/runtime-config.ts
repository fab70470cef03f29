/** Body of GET /api/config: the browser's runtime settings of one deployment (no secrets). */
export interface RuntimeConfig {
  /** A Google Maps JavaScript API browser key (referrer-restricted); without one the wizard draws its own map. */
  googleMapsApiKey?: string;
  /** The Google Cloud map ID the map is drawn with (advanced markers need one); sent with the key only. */
  googleMapsMapId?: string;
}
