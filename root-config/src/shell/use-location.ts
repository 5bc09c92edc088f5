import { useSyncExternalStore } from 'react';
import { currentLocation, subscribeLocation } from '../routing/location';

export const useLocation = () => useSyncExternalStore(subscribeLocation, currentLocation);
