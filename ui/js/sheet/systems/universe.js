// Universe Deck d20 sheet (FORMAT.md "Sheets", RULES.md section 3): skills, combat skill,
// attack bonus, AC, save DCs, hp and Sanity, the Lucky flag and the fate cards held. The
// numbers' limits are served by Rust (limits.js).

export default {
  system: 'universe',
  root: {
    type: 'object',
    children: [
      {
        type: 'object',
        label: 'Combat',
        children: [
          { type: 'int', key: 'combat_skill', label: 'Combat skill' },
          { type: 'int', key: 'attack_bonus', label: 'Attack bonus' },
          { type: 'int', key: 'ac', label: 'AC' },
        ],
      },
      {
        type: 'list',
        key: 'skills',
        label: 'Skills',
        itemLabel: 'Skill',
        newItem: () => ({ name: '', level: 1 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'level', label: 'Level' },
          ],
        },
      },
      {
        type: 'object',
        key: 'saves',
        label: 'Saves (DC)',
        children: [
          { type: 'int', key: 'physical', label: 'Physical' },
          { type: 'int', key: 'mental', label: 'Mental' },
          { type: 'int', key: 'luck', label: 'Luck' },
        ],
      },
      {
        type: 'object',
        key: 'hp',
        label: 'Hit points',
        children: [
          { type: 'int', key: 'current', label: 'Current' },
          { type: 'int', key: 'max', label: 'Max' },
        ],
      },
      {
        type: 'object',
        key: 'sanity',
        label: 'Sanity',
        children: [
          { type: 'int', key: 'current', label: 'Current' },
          { type: 'int', key: 'max', label: 'Max' },
        ],
      },
      {
        type: 'object',
        label: 'Fate',
        children: [
          { type: 'bool', key: 'lucky', label: 'Lucky (may keep two fate cards)' },
          {
            type: 'list',
            key: 'fate',
            label: 'Fate cards held',
            itemLabel: 'Card',
            help: 'Rank then suit: QH, 10S, AC.',
            newItem: () => '',
            item: { type: 'text', label: 'Card', placeholder: 'QH', short: true },
          },
        ],
      },
    ],
  },
};
