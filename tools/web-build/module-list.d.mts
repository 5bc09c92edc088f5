export interface PortalModule {
  name: string;
  shared: boolean;
  entry: string;
  workspace: string | null;
  fileStem: string;
}
export const moduleNames: string[];
export const sharedModules: PortalModule[];
export const appModules: PortalModule[];
export function isExternal(id: string): boolean;
export function appModule(nameOrWorkspace: string): PortalModule;
export function relativeEntry(module: PortalModule): string;
