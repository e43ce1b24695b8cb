import { Type, type Static } from '@ovos-tools/core';
import { AccessKeys } from '../access/accessSettings.js';
import { BrainKeys } from '../brain/brainSettings.js';
import { BudgetKeys } from '../budget/budgetSettings.js';
import { ConfirmKeys } from '../confirm/confirmSettings.js';
import { DiscoveryKeys } from '../discovery/discoverySettings.js';
import { FederationKeys } from '../federation/federationSettings.js';
import { HostKeys } from '../hosts/hostSettings.js';
import { PolicyKeys } from '../policy/policySettings.js';
import { RegistryKeys } from '../registry/registrySettings.js';
import { SearchKeys } from '../search/searchSettings.js';
import { StateKeys } from '../state/stateSettings.js';
import { HttpKeys } from '../transports/http/httpSchema.js';
import { McpKeys } from '../transports/mcp/mcpSchema.js';
import { BusKeys } from '../transports/ovos-bus/busSettings.js';

/** Keys of the file that belong to no feature: the editor's `$schema` and OVOS's plugin switch. */
const FileKeys = Type.Object({
  $schema: Type.Optional(Type.String({ description: 'The JSON Schema editors check the file against (ovos-tools.schema.json); not read' })),
  enabled: Type.Optional(Type.Boolean({ description: "OVOS's plugin switch; not read here" })),
});

/**
 * A toolbox's own section: any other top-level key whose value is an object, named after the toolbox's entry point
 * (as OVOS does); checked against the toolbox's own config schema, not this one.
 */
export const ToolboxSectionSchema = Type.Object({}, { additionalProperties: true, description: "A toolbox's own section, named after its entry point" });

/**
 * The provider's config file, one schema for all of it (the `PHAL` → `ovos-phal-plugin-tools` section of
 * mycroft.conf, or the `--config FILE`). Each feature declares its keys (`*Keys`, with types, ranges, defaults and
 * descriptions) next to its settings; **to add a key, add it to its feature's `*Keys`; to add a feature, add its
 * `*Keys` here** — the checks, the TypeScript type, the reference (`docs/config-reference.md`) and the published
 * JSON Schema (`ovos-tools.schema.json`) follow. Every object is closed (an unknown key is an error naming the
 * nearest known one) except the top level, whose other keys are toolbox sections.
 */
export const ProviderConfigSchema = Type.Object(
  {
    ...FileKeys.properties,
    ...PolicyKeys.properties,
    ...HostKeys.properties,
    ...DiscoveryKeys.properties,
    ...RegistryKeys.properties,
    ...SearchKeys.properties,
    ...FederationKeys.properties,
    ...AccessKeys.properties,
    ...BusKeys.properties,
    ...BudgetKeys.properties,
    ...ConfirmKeys.properties,
    ...McpKeys.properties,
    ...HttpKeys.properties,
    ...BrainKeys.properties,
    ...StateKeys.properties,
  },
  {
    $id: 'https://github.com/OpenVoiceOS/ovos-tools/blob/main/packages/provider/ovos-tools.schema.json',
    title: 'ovos-tools provider config',
    description: 'The ovos-tools provider config: the PHAL → ovos-phal-plugin-tools section of mycroft.conf, or the file given to --config.',
    additionalProperties: ToolboxSectionSchema,
  },
);

/** The provider's config file as written (snake_case keys), the TypeScript type of `ProviderConfigSchema`. */
export type ProviderConfigFile = Static<typeof ProviderConfigSchema>;

/** The provider's own top-level keys (every other key is a toolbox section). */
export const PROVIDER_KEYS: readonly string[] = Object.keys(ProviderConfigSchema.properties);

