/**
 * Questions a user of the sample corpus (Aptos Move object docs, GFM-RAG docs) would ask; the
 * load clients cycle through them, so the cache sees repeats as a chat frontend would.
 */
export const QUESTIONS: readonly string[] = [
  "How do I create an object with a ConstructorRef?",
  "What is an ExtendRef used for in Aptos objects?",
  "How can I disable or toggle transfers of an object?",
  "What does a LinearTransferRef allow?",
  "How do I allow deletion of an object with DeleteRef?",
  "How do I make an Aptos object immutable?",
  "How can I look up who owns an object?",
  "Which events are emitted when an object is transferred?",
  "How do I use an Object as an entry function argument?",
  "Can an Object be stored as a field in a struct?",
  "How do I add resources to an object after creation?",
  "What is GFM-RAG and what does it use to retrieve documents?",
  "How do GFM-RAG and G-reasoner relate?",
  "How do I install GFM-RAG with conda?",
  "How do I install GFM-RAG from source?",
  "Which optional LLM backends does GFM-RAG support, such as Ollama or llama.cpp?",
  "How do I fix CUDA errors when compiling during installation?",
  "What is the raw input layout of the GFM-RAG data format?",
  "What files make up the graph index file structure?",
  "What are the quick start steps to retrieve documents from raw documents?",
];
