import { parseAnswer } from './structured';

describe("a model's answer", () => {
  it('is read inside a code fence or not, and past a run of a million spaces at once (a stranger sweeping for backtracking patterns)', () => {
    const answer = { topics: [{ title: 'Bus lanes', startLine: 1, endLine: 4, quotes: [{ startLine: 2, endLine: 3 }] }] };
    const json = JSON.stringify(answer);
    expect(parseAnswer(json)).toEqual({ answer });
    expect(parseAnswer(`\`\`\`json\n${json}\n\`\`\``)).toEqual({ answer });
    expect(parseAnswer(`${json.slice(0, -1)}${' '.repeat(1_000_000)}}`)).toEqual({ answer });
    expect(parseAnswer('```json\n{"topics": [')).toEqual({ problem: 'the answer was not valid JSON' });
  });
});
