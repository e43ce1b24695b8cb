/** What one load found installed and serving, to check the names the config gives against. */
export interface LoadedNames {
  /** Entry-point names of every toolbox declared in the plugin roots (disabled ones included). */
  entryPoints: ReadonlySet<string>;
  /** Names of every toolbox package installed in the plugin roots (those `allowed_packages` leaves out included). */
  packages: ReadonlySet<string>;
  /** Tool names the new generation serves. */
  toolNames: ReadonlySet<string>;
  /** Toolbox ids the new generation serves (federated ones included). */
  toolboxIds: ReadonlySet<string>;
}
