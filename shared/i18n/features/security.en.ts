/**
 * What Lanes says when it refuses hostile or unusable input: service answers
 * that are too large, profile names and addresses that cannot be used,
 * settings that are incomplete, and connections that would send tokens unencrypted.
 */
export const securityEn = {
  'error.profiles.notFound': 'There is no connection profile named "{name}".',
  'error.profiles.invalidName':
    'A profile name cannot be used: {reason}. Use letters, digits, spaces, dots, dashes and underscores.',
  'error.profiles.invalidUrl':
    'The address for {field} is not a valid http:// or https:// URL ({value}). Check it and try again.',
  'error.settings.invalid': 'The settings could not be changed: {reason}.',
  'error.api.responseTooLarge':
    'The service answered {operation} with more than {limit, number, size} of data, so Lanes stopped reading it. It was not retried.',
  'error.diagram.tooLarge': 'This diagram is too large to show safely, so Lanes does not show it.',
  'profiles.insecureUrl':
    'Unencrypted connection: {fields} use plain http:// to a host other than this computer, so tokens and data would travel unencrypted. Use https://.',
  'svgLimit.input': 'the file is larger than {limit, number, size}',
  'svgLimit.elements': 'more than {limit, number} shapes and parts',
  'svgLimit.depth': 'nested more than {limit, number} levels deep',
  'svgLimit.references': 'its references would expand to more than {limit, number} parts',
} as const;
