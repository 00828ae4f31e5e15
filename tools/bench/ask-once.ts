/** One answer, as a group's checks read it after its run: the status, and the body (parsed when it is JSON). */
export interface CheckedAnswer {
  status: number;
  body: unknown;
}

/** One request after a group's run (status 0 and the error's message when it could not be made). */
export async function askOnce(url: string, headers?: Record<string, string>): Promise<CheckedAnswer> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, body: (error as Error).message };
  }
}
