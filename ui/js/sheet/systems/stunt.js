// Uniform Stunt Chart sheet (FORMAT.md "Sheets", RULES.md section 1): base stats (ATT, POWER,
// LUCK at least) and abilities rated on the roster's level list (its house rules), and HTK.

/** The roster's level names: the editor's env carries them from the roster's house rules. */
const levels = (env) => env.levels ?? [];

export default {
  system: 'stunt',
  root: {
    type: 'object',
    children: [
      {
        type: 'map',
        key: 'basestats',
        label: 'Base stats',
        itemLabel: 'Base stat',
        keyLabel: 'Stat',
        help: 'ATT, POWER and LUCK at least, each a level of this roster.',
        required: ['ATT', 'POWER', 'LUCK'],
        newValue: (env) => levels(env)[1] ?? levels(env)[0] ?? '',
        value: { type: 'choice', label: 'Level', choices: levels },
      },
      {
        type: 'list',
        key: 'abilities',
        label: 'Abilities',
        itemLabel: 'Ability',
        help: 'Each ability is the Active Level of a stunt check.',
        newItem: (env) => ({ name: '', level: levels(env)[1] ?? levels(env)[0] ?? '' }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'choice', key: 'level', label: 'Level', choices: levels },
          ],
        },
      },
      {
        type: 'object',
        key: 'htk',
        label: 'Hits To Kill',
        children: [
          { type: 'int', key: 'current', label: 'Current' },
          { type: 'int', key: 'max', label: 'Max' },
        ],
      },
    ],
  },
};
