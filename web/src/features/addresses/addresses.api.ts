import { del, get, post, put } from '../../lib/api';

/** A saved delivery address (spec section 3). */
export interface Address {
  _id: string;
  label: string;
  fullName: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  createdAt?: string;
}

/** What the form sends on add and edit (spec section 7). */
export type AddressInput = Omit<Address, '_id' | 'createdAt'>;

export const addressKeys = {
  all: ['addresses'] as const,
};

/** The service answers a list; an object holding one is read too. */
export async function fetchAddresses(): Promise<Address[]> {
  const body = await get<Address[] | { addresses?: Address[] }>('/addresses');
  return Array.isArray(body) ? body : (body?.addresses ?? []);
}

export const createAddress = (input: AddressInput) => post<Address>('/addresses', input);

export const updateAddress = (id: string, input: AddressInput) =>
  put<Address>(`/addresses/${encodeURIComponent(id)}`, input);

export const deleteAddress = (id: string) => del(`/addresses/${encodeURIComponent(id)}`);
