import type { CreateProperty, Property, RefreshedValuation, UpdateProperty } from '@hsa/contracts';
import {
  apiInputToPropertyFields,
  loadPropertyProto,
  propertyMessageToApi,
  type ListFilter,
  type PropertyServiceClient,
} from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

export type PropertyListFilter = 'all' | 'active' | 'archived';

const listFilters: Record<PropertyListFilter, ListFilter> = {
  all: 'LIST_FILTER_ALL',
  active: 'LIST_FILTER_ACTIVE',
  archived: 'LIST_FILTER_ARCHIVED',
};

/** The property service as the gateway sees it: API shapes in, API shapes out, the user on every call. */
export class PropertyClient {
  private readonly client: PropertyServiceClient;

  constructor(
    signer: InternalTokenSigner,
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient(loadPropertyProto().PropertyService, address, { signer, audience: 'property' });
  }

  async create(userId: string, input: CreateProperty): Promise<Property> {
    const msg = await call(this.client, this.client.createProperty, { fields: apiInputToPropertyFields(input) }, this.opts(userId));
    return propertyMessageToApi(msg);
  }

  async get(userId: string, id: string): Promise<Property> {
    return propertyMessageToApi(await call(this.client, this.client.getProperty, { id }, this.opts(userId)));
  }

  async update(userId: string, id: string, input: UpdateProperty): Promise<Property> {
    const msg = await call(this.client, this.client.updateProperty, { id, fields: apiInputToPropertyFields(input) }, this.opts(userId));
    return propertyMessageToApi(msg);
  }

  async archive(userId: string, id: string): Promise<Property> {
    return propertyMessageToApi(await call(this.client, this.client.archiveProperty, { id }, this.opts(userId)));
  }

  async unarchive(userId: string, id: string): Promise<Property> {
    return propertyMessageToApi(await call(this.client, this.client.unarchiveProperty, { id }, this.opts(userId)));
  }

  /** Saves a refreshed estimate (the property service emits property.valuation.refreshed). */
  /** Saves a refreshed estimate; a null range is sent as absent (the property's range is cleared). */
  async updateValuation(userId: string, id: string, values: RefreshedValuation): Promise<Property> {
    const request = {
      id,
      estimatedValue: values.estimatedValue,
      ...(values.estimatedValueLow !== null && values.estimatedValueHigh !== null
        ? { estimatedValueLow: values.estimatedValueLow, estimatedValueHigh: values.estimatedValueHigh }
        : {}),
    };
    return propertyMessageToApi(await call(this.client, this.client.updateValuation, request, this.opts(userId)));
  }

  async list(userId: string, filter: PropertyListFilter): Promise<Property[]> {
    const res = await call(this.client, this.client.listProperties, { filter: listFilters[filter] }, this.opts(userId));
    return res.properties.map(propertyMessageToApi);
  }

  async ready(): Promise<boolean> {
    return waitForReady(this.client, 1000).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    this.client.close();
  }

  private opts(userId: string) {
    return { userId, timeoutMs: this.timeoutMs };
  }
}
