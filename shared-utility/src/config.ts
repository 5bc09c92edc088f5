export interface SharedConfig {
  /** Prefix of every API call; absolute when the portal is embedded on another origin. */
  apiBase: string;
  /** How the client changes page, e.g. single-spa's navigateToUrl. */
  navigate: (url: string) => void;
}

const config: SharedConfig = {
  apiBase: '/apis',
  navigate: (url) => window.location.assign(url),
};

export function configure(options: Partial<SharedConfig>): void {
  Object.assign(config, options);
}

export function getConfig(): Readonly<SharedConfig> {
  return config;
}
