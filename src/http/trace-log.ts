/** The last `capacity` entries by id (oldest dropped first): recent agent traces for GET /v1/traces/:id. */
export class TraceLog<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  add(id: string, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get(id: string): T | undefined {
    return this.entries.get(id);
  }
}
