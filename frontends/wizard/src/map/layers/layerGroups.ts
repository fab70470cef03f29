/** The switchable groups of map layers (kept out of the lazy chunk: the map holds their state). */
export type LayerGroup = 'areas' | 'transit' | 'parks' | 'schools';
export const layerGroups: readonly LayerGroup[] = ['areas', 'transit', 'parks', 'schools'];
