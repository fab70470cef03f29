/** The value chart's colours, shared by the canvas and its legend (text colours meet WCAG AA on white). */
export const valueHistoryColors = {
  value: '#1d4ed8',
  band: 'rgba(29, 78, 216, 0.14)',
  sale: '#b45309',
  axis: '#4b5563',
  grid: 'rgba(75, 85, 99, 0.14)',
} as const;
