import axios, { type AxiosInstance } from 'axios';
import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';

/** An axios instance for one API host that sends the stored bearer token. */
export function createApiClient(baseURL: string): AxiosInstance {
  const instance = axios.create({ baseURL, timeout: 20_000, headers: { 'Content-Type': 'application/json' } });
  instance.interceptors.request.use((config) => {
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  return instance;
}

/** The main API ({host} of spec §7). */
export const api = createApiClient(publicEnv.apiUrl);

/** The second host, for book-by-slug look-ups. */
export const bookApi = createApiClient(publicEnv.bookApiUrl);
