import { toStrictJsonSchema } from 'openai/lib/transform';
import { ANALYSIS_JSON_SCHEMA, answerToOutput, userPrompt } from './prompt';

describe('the prompt and the schema every AI provider answers with', () => {
  it("is already in strict form: the OpenAI SDK's strict transform leaves it unchanged", () => {
    const schema = JSON.parse(JSON.stringify(ANALYSIS_JSON_SCHEMA)) as Record<string, unknown>;
    expect(toStrictJsonSchema(schema as never)).toEqual(schema);
  });

  it('asks for about one topic every five minutes, contiguous, titled in the transcript language', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}`, start: i * 15, end: i * 15 + 15 }));
    const prompt = userPrompt({ segments: lines, durationSeconds: 1800 });
    expect(prompt).toContain('Give about 6 topics for these 120 lines.');
    expect(prompt).toMatch(/^L120 \[1785\.0-1800\.0\] line 119$/m);
  });

  it("keeps a model's line numbers inside the part it was given, and turns reversed spans round", () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ text: `w${i}`, start: 100 + i * 5, end: 105 + i * 5 }));
    const output = answerToOutput(
      { topics: [{ title: 'T', startLine: -4, endLine: 99, quotes: [{ startLine: 6, endLine: 4 }] }] },
      lines,
    );
    expect(output.topics[0]).toEqual({
      title: 'T',
      startTime: 100,
      endTime: 150,
      quotes: [{ content: 'w3 w4 w5', startTime: 115, endTime: 130 }],
    });
  });
});
