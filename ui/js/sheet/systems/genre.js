// GENRE sheet (FORMAT.md "Sheets", RULES.md section 2): level, attributes and powers of 0–10,
// skills with modifiers of −10..+10, Glory Points and the Grunt / Bust A Nut trackers.

export default {
  system: 'genre',
  root: {
    type: 'object',
    children: [
      {
        type: 'object',
        label: 'Character',
        children: [
          { type: 'int', key: 'level', label: 'Level', min: 1, max: 100 },
          { type: 'int', key: 'glory', label: 'Glory Points', min: 0, max: 9999 },
        ],
      },
      {
        type: 'map',
        key: 'attributes',
        label: 'Attributes',
        itemLabel: 'Attribute',
        keyLabel: 'Attribute',
        help: 'Renameable; each a level of 0–10 (one d6 per level).',
        suggestions: ['Strength', 'Agility', 'Stamina', 'Intellect', 'Presence'],
        newValue: () => 2,
        value: { type: 'int', label: 'Level', min: 0, max: 10 },
      },
      {
        type: 'list',
        key: 'powers',
        label: 'Powers',
        itemLabel: 'Power',
        newItem: () => ({ name: '', level: 1 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'level', label: 'Power Factor', min: 0, max: 10 },
          ],
        },
      },
      {
        type: 'list',
        key: 'skills',
        label: 'Skills',
        itemLabel: 'Skill',
        newItem: () => ({ name: '', modifier: 1 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'modifier', label: 'Modifier', min: -10, max: 10 },
          ],
        },
      },
      {
        type: 'object',
        key: 'trackers',
        label: 'Grunts and Bust A Nut',
        children: [
          {
            type: 'list',
            key: 'grunt_penalties',
            label: 'Grunt penalties pending',
            itemLabel: 'Penalty',
            help: 'One per action still to come, −3 to −1.',
            maxItems: 3,
            newItem: () => -1,
            item: { type: 'int', label: 'Penalty', min: -3, max: -1 },
          },
          { type: 'int', key: 'grunts_since_rest', label: 'Grunts since rest', min: 0, max: 10 },
          { type: 'int', key: 'nuts_used', label: 'Nuts used this adventure', min: 0 },
          { type: 'int', key: 'nut_rounds_left', label: 'Rounds at −1 after a Nut', min: 0, max: 2 },
        ],
      },
    ],
  },
};
